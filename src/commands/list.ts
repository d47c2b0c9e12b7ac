import * as Flags from '@oclif/core/flags';
import { BaseCommand } from '../lib/cli/command/base-command.js';
import { listMirrors, type ListedMirror } from '../lib/mirror/core/list.js';
import { renderMirrorList } from '../lib/render/list.js';

/** The cluster mirrors of the destination cluster. */
export interface ListJson {
  /** Sorted by name; empty when there are none. */
  readonly mirrors: ListedMirror[];
}

export default class List extends BaseCommand<typeof List> {
  static override summary = 'List the cluster mirrors of the destination cluster';
  static override aliases = ['ls'];
  static override description =
    'One row per mirror, sorted by name: the number of topics it mirrors, the source cluster id and the source ' +
    'bootstrap servers stored with the mirror. TOPICS counts the topics whose target state is MIRRORING, FAILED ' +
    'ones included (the broker does not count PAUSED ones); --include-topics adds the topic names, which do ' +
    'include PAUSED topics. Prints "No mirrors" (JSON: {"mirrors": []}) when there are none. Exits 4 when the ' +
    'cluster does not support or has not enabled cluster mirroring.';
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
    const result: ListJson = { mirrors: await listMirrors(await this.kafka(), { includeTopics }) };
    this.render(result, (r) => renderMirrorList(r.mirrors, { includeTopics }));
    return result;
  }
}
