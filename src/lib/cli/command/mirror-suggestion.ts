// `mirror 'dem' not found` on a cluster that has mirror `demo`: the hint names the close name, from one
// ListClusterMirrors on the open client; if that fails, the error stays as it was.

import type { KafkaClient } from '../../kafka/client.js';
import { closestKey } from '../../kafka/closest-key.js';
import { NotFoundError } from '../../mirror/core/errors.js';
import { listMirrors } from '../../mirror/core/list.js';

export async function withMirrorSuggestion(err: Error, client: Promise<KafkaClient> | undefined): Promise<Error> {
  if (!(err instanceof NotFoundError) || err.what !== 'mirror' || client === undefined) return err;
  try {
    const names = (await listMirrors(await client)).map((m) => m.name);
    const typed = err.subject;
    const close = closestKey(typed, names, Math.max(2, Math.floor(typed.length / 3)));
    if (close === undefined || close === typed) return err;
    return new NotFoundError('mirror', typed, {
      hint: `did you mean '${close}'? kmirror list shows the mirrors; names are case-sensitive`,
      cause: err,
    });
  } catch {
    return err;
  }
}
