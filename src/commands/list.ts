import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { mirrorStatuses, type StatusRow } from '../lib/mirror/describe/mirror-status.js';
import { renderMirrorList } from '../lib/render/list.js';

/** The cluster mirrors of the destination cluster. */
export interface ListJson {
  /** Sorted by name; empty when there are none. */
  readonly mirrors: StatusRow[];
}

export default class List extends BaseCommand<typeof List> {
  static override summary = 'List the cluster mirrors of the destination cluster';
  static override aliases = ['ls'];
  static override description =
    'One row per mirror, sorted by name: its topics (in any state), partitions, partition states, total and ' +
    'largest lag, FAILED partitions and the source bootstrap servers, from one ListClusterMirrors and one ' +
    'DescribeClusterMirrors to every broker; JSON adds the source cluster id and ListClusterMirrors TopicCount. ' +
    '--include-topics adds the topic names. Prints "No mirrors" (JSON: {"mirrors": []}) when there are none. ' +
    'Exits 4 when the cluster does not support or has not enabled cluster mirroring.';
  static override examples = [
    '<%= config.bin %> list -b localhost:9092',
    '<%= config.bin %> list -b localhost:9092 --include-topics',
    '<%= config.bin %> list -b localhost:9092 --json',
  ];

  static override flags = {
    'include-topics': Flags.boolean({
      summary: 'also show the topic names of each mirror (MIRRORING and PAUSED topics)',
    }),
  };

  async run(): Promise<ListJson> {
    const includeTopics = this.flags['include-topics'] ?? false;
    const warn = (m: string) => this.warning(m);
    const result: ListJson = { mirrors: await mirrorStatuses(await this.kafka(), { includeTopics, warn }) };
    this.render(result, (r) => renderMirrorList(r.mirrors, { includeTopics }));
    return result;
  }
}
