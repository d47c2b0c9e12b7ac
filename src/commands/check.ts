import { BaseCommand } from '../lib/cli/base-command.js';
import { ExitCode } from '../lib/cli/exit-codes.js';
import { checkCluster } from '../lib/mirror/check.js';
import type { ClusterCheck } from '../lib/mirror/check.js';
import { renderClusterCheck } from '../lib/render/check.js';

export default class Check extends BaseCommand<typeof Check> {
  static override summary = 'Check that the destination cluster supports and has enabled cluster mirroring';
  static override description =
    'Asks every broker of the destination cluster for its API versions and feature levels and reports, per broker, ' +
    'whether it is reachable, which versions of each mirror RPC and of DescribeConfigs/IncrementalAlterConfigs it ' +
    'speaks, and the finalized metadata.version and mirror.version. The verdict is one of: mirroring usable, mirroring ' +
    'APIs present but disabled (with how to enable it), or not supported by this Kafka. Exits 0 when usable, 4 when ' +
    'not, 3 when some brokers did not answer.';
  static override examples = [
    '<%= config.bin %> check -b localhost:9092',
    '<%= config.bin %> check -b localhost:9092 --json',
  ];

  async run(): Promise<ClusterCheck> {
    const client = await this.kafka();
    const result = await checkCluster(client);
    this.render(result, renderClusterCheck);
    if (result.verdict !== 'usable') process.exitCode = ExitCode.Unsupported;
    else if (result.unreachable.length > 0) process.exitCode = ExitCode.PartialFailure;
    return result;
  }
}
