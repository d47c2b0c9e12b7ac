import { BaseCommand } from '../lib/cli/command/base-command.js';
import { ExitCode } from '../lib/cli/failures/exit-codes.js';
import { type EstateFlagValues, estateFlags, estateProfiles } from '../lib/cli/flags/estate-flags.js';
import { DRAWING_FORMATS, OUTPUT_FORMATS, outputFlag } from '../lib/cli/flags/flags.js';
import { readTopology } from '../lib/mirror/topology/topology.js';
import type { TopologyReport } from '../lib/mirror/topology/topology-types.js';
import { renderTopology } from '../lib/render/topology.js';
import { renderTopologyDot, renderTopologyMermaid } from '../lib/render/topology-graph.js';

/**
 * The clusters of an estate, the mirrors between them (matched by source cluster id), where each topic
 * takes writes, and the findings across clusters: mirror loops, split brain and epoch wars (problems),
 * writable on both sides after a finished switchover and sources outside the clusters given (information).
 */
export type TopologyJson = TopologyReport;

export default class Topology extends BaseCommand<typeof Topology> {
  static override summary =
    'Show the mirrors between several clusters, where each topic takes writes, and what is wrong';
  static override description =
    'Reads every cluster named (-b once per cluster, --cluster PROFILE, or --all-profiles; with none, the one ' +
    'cluster the connection flags reach): its id (DescribeCluster), its mirrors and the source cluster id each ' +
    'stores, matched to the clusters given, and the state of every mirrored partition. For every topic it says ' +
    'where producers can write (outside any mirror, or STOPPED) and where it is read-only (a mirror holds it). ' +
    'Problems: mirror loops (a cycle of clusters each mirroring the topic from the one before); split brain (a ' +
    "topic STOPPED on one side and written on both since the stop: the destination's end past the stop marker " +
    "and the source's end past the stop point, read as failback reads them); epoch wars (a topic STOPPED in a " +
    'mirror on one side while the other side mirrors it back: a failback before its cleanup). Information: a ' +
    'topic merely writable on both sides after a finished switchover, and mirrors whose source is not among ' +
    'the clusters given. A cluster that does not answer within --cluster-timeout is reported and the others ' +
    'still judged. -o dot (Graphviz) and -o mermaid draw the clusters as nodes and the mirrors as labelled ' +
    'edges, problems in red. Exits 0, or 3 when some cluster could not be reached.';
  static override examples = [
    '<%= config.bin %> topology -b a-kafka:9092 -b b-kafka:9092 -b c-kafka:9092',
    '<%= config.bin %> topology --cluster us-east --cluster eu-west --json',
    '<%= config.bin %> topology --all-profiles -o dot | dot -Tpng > estate.png',
    '<%= config.bin %> topology --all-profiles -o mermaid',
  ];

  static override flags = { ...estateFlags, output: outputFlag([...OUTPUT_FORMATS, ...DRAWING_FORMATS]) };

  static override drawingFormats: readonly string[] = DRAWING_FORMATS;

  async run(): Promise<TopologyJson> {
    // -b here is a list per cluster, so oclif's types of the shared flags and these do not meet.
    const f = this.flags as unknown as EstateFlagValues;
    const report = await readTopology(await this.estateTargets(estateProfiles(f), f['cluster-timeout']));
    const draw =
      this.outputFormat === 'dot' ? renderTopologyDot : this.outputFormat === 'mermaid' ? renderTopologyMermaid : null;
    this.render(report, (r) => (draw ? draw(r) : renderTopology(r)), { warnings: report.warnings });
    if (report.clusters.some((c) => !c.reachable)) this.exitAfterOutput(ExitCode.PartialFailure);
    return report;
  }
}
