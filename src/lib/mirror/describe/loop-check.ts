// Mirror loops, caught before sending (PROTOCOL.md §18): the broker accepts a start of a topic that the
// source mirrors from here, then its partitions go FAILED and the topic producers write to becomes read-only.
// A topic STOPPED on the source is not a loop: that is a failback.

import type { ConnectionConfig } from '../../connection/connection-config.js';
import type { KafkaClient } from '../../kafka/client.js';
import { KafkaProtocolError, MirroringDisabledError, UnsupportedByClusterError } from '../../kafka/errors.js';
import { ListClusterMirrors } from '../../kafka/messages/index.js';
import { describeMirrors } from './describe.js';
import { InvalidInputError } from '../core/errors.js';
import { javaPatternList } from '../patterns/java-regex.js';
import { nameList } from '../core/name-list.js';

export const ALLOW_MIRROR_LOOP_FLAG = '--allow-mirror-loop';

export interface MirrorLoop {
  readonly topic: string;
  /** The source cluster's mirror that copies the topic from this cluster, and its partition states there. */
  readonly otherMirror: string;
  readonly otherStates: string;
}

/** The --json report of the check. */
export interface LoopCheck {
  /** False when the source could not be asked; `notMadeReason` says why. */
  made: boolean;
  notMadeReason: string | null;
  /** Selected topics the source mirrors from this cluster and has not STOPPED. */
  loops: MirrorLoop[];
  /** The loops were sent anyway (--allow-mirror-loop). */
  overridden: boolean;
}

async function topicsMirroredBack(source: KafkaClient, hereClusterId: string): Promise<MirrorLoop[]> {
  const listed = await source.send(ListClusterMirrors, { IncludeTopicNames: false });
  if (listed.ErrorCode !== 0) throw new KafkaProtocolError(listed.ErrorCode, 'ListClusterMirrors', listed.ErrorMessage);
  const back = listed.Mirrors.filter((m) => m.SourceClusterId === hereClusterId).map((m) => m.MirrorName);
  if (back.length === 0) return [];
  const there = await describeMirrors(source, back, { namesKnownToExist: true });
  const found: MirrorLoop[] = [];
  for (const mirror of there.mirrors) {
    for (const topic of mirror.topics) {
      if (allStopped(topic.summary.states)) continue;
      found.push({ topic: topic.name, otherMirror: mirror.name, otherStates: stateCounts(topic.summary.states) });
    }
  }
  return found;
}

/** Never throws: a source that cannot be asked gives a check that was not made, with the reason. */
export async function checkMirrorLoops(
  source: KafkaClient,
  hereClusterId: string | null,
  selects: (topic: string) => boolean,
): Promise<LoopCheck> {
  if (hereClusterId === null) return notMade('this cluster reported no cluster id to match against');
  try {
    const loops = (await topicsMirroredBack(source, hereClusterId)).filter((l) => selects(l.topic));
    return { made: true, notMadeReason: null, loops, overridden: false };
  } catch (err) {
    // A source that does not mirror at all mirrors nothing from here: the check is made.
    if (err instanceof UnsupportedByClusterError || err instanceof MirroringDisabledError)
      return { made: true, notMadeReason: null, loops: [], overridden: false };
    return notMade(err instanceof Error ? err.message : String(err));
  }
}

export function notMade(reason: string): LoopCheck {
  return { made: false, notMadeReason: reason, loops: [], overridden: false };
}

export function loopCheckNotMadeWarning(check: LoopCheck): string | null {
  if (check.made) return null;
  return (
    `the mirror-loop check was not made (the source cluster could not be asked which topics it mirrors from ` +
    `this cluster: ${check.notMadeReason ?? 'unknown'}); if it does, starting them makes this cluster's ` +
    'topics read-only'
  );
}

function loopSummary(mirror: string, loops: readonly MirrorLoop[]): string {
  const byOther = loops.map((l) => `${l.topic} (mirror '${l.otherMirror}' there, ${l.otherStates})`);
  return (
    `starting ${nameList(loops.map((l) => l.topic))} in mirror '${mirror}' makes a mirror loop: the source ` +
    `cluster mirrors ${loops.length === 1 ? 'it' : 'them'} from this cluster: ${byOther.join(', ')}. The broker ` +
    `accepts the start, then this cluster's partitions go FAILED ("Detected mirror loop") and its topic, the one ` +
    `producers write to, becomes read-only`
  );
}

export function loopRefusal(mirror: string, loops: readonly MirrorLoop[]): InvalidInputError {
  const first = loops[0] as MirrorLoop;
  return new InvalidInputError(`${loopSummary(mirror, loops)}; nothing was sent`, {
    hint:
      `the safe order: move producers, stop the topic in mirror '${first.otherMirror}' on the source cluster ` +
      `(kmirror remove-topics ${first.otherMirror} --topic ${first.topic} against it), then start it here ` +
      `(after a failover that is what kmirror failback does); ${ALLOW_MIRROR_LOOP_FLAG} sends anyway`,
  });
}

export function loopOverrideWarning(mirror: string, loops: readonly MirrorLoop[]): string {
  return `${loopSummary(mirror, loops)}; sending anyway (${ALLOW_MIRROR_LOOP_FLAG})`;
}

export function enforceLoopCheck(
  mirror: string,
  check: LoopCheck,
  allowLoop: boolean,
): { check: LoopCheck; warnings: string[] } {
  const notMadeWarning = loopCheckNotMadeWarning(check);
  if (notMadeWarning) return { check, warnings: [notMadeWarning] };
  if (check.loops.length === 0) return { check, warnings: [] };
  if (!allowLoop) throw loopRefusal(mirror, check.loops);
  return { check: { ...check, overridden: true }, warnings: [loopOverrideWarning(mirror, check.loops)] };
}

export async function askSourceForLoops(
  settings: ConnectionConfig | null,
  openSource: (settings: ConnectionConfig) => Promise<KafkaClient>,
  hereClusterId: string | null,
  selects: (topic: string) => boolean,
): Promise<LoopCheck> {
  if (settings === null) return notMade('this machine has no usable settings for the source cluster');
  let source: KafkaClient;
  try {
    source = await openSource(settings);
  } catch (err) {
    return notMade(err instanceof Error ? err.message : String(err));
  }
  try {
    return await checkMirrorLoops(source, hereClusterId, selects);
  } finally {
    await source.close().catch(() => undefined);
  }
}

export function filterSelector(include: readonly string[], exclude: readonly string[]): (topic: string) => boolean {
  const included = javaPatternList(include);
  const excluded = javaPatternList(exclude);
  return (topic) => included !== null && included.test(topic) && !(excluded?.test(topic) ?? false);
}

export async function guardLoops(
  mirror: string,
  check: LoopCheck | Promise<LoopCheck>,
  allowLoop: boolean,
  warn: (message: string) => void,
): Promise<LoopCheck> {
  const enforced = enforceLoopCheck(mirror, await check, allowLoop);
  for (const w of enforced.warnings) warn(w);
  return enforced.check;
}

export function stateCounts(states: Readonly<Record<string, number>>): string {
  return Object.entries(states)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
}

export function allStopped(states: Readonly<Record<string, number>>): boolean {
  return Object.keys(states).every((s) => s === 'STOPPED');
}
