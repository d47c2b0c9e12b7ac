// Error classes that report themselves by name (KmirrorError's and MirrorError's families) name themselves
// in their own code: the bundle keeps no function names (scripts/bundle.mjs: no keepNames), so a class's
// `name` there is a minified identifier, and `new.target.name` would give that.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as cliErrors from '../../../../src/lib/cli/failures/errors.js';
import * as mirrorErrors from '../../../../src/lib/mirror/core/errors.js';
import * as readBack from '../../../../src/lib/mirror/core/read-back.js';
import * as filterPatterns from '../../../../src/lib/mirror/patterns/filter-patterns.js';
import * as confirm from '../../../../src/lib/prompt/confirm.js';
import { AnswerLostError } from '../../../../src/lib/kafka/errors.js';

type ErrorClass = new (...args: never[]) => Error;
const isErrorClass = (value: unknown): value is ErrorClass =>
  typeof value === 'function' && value.prototype instanceof Error;

const lost = new AnswerLostError('StartMirrorTopics', 'broker 1', new Error('connection closed'));
// constructor arguments where a message alone does not do
const ARGS: Record<string, unknown[]> = {
  NotFoundError: ['mirror', 'm1'],
  PartialFailureError: ['some failed', { succeeded: 1, failed: 1 }],
  KafkaResponseError: [3, 'unknown topic'],
  StepFailedError: ['creating', 'a hint', new Error('cause')],
  SourceClusterError: ['reading the source', 'a hint', new Error('cause')],
  NotAppliedError: [lost, 'describe', 'why'],
  OutcomeUnknownError: [lost, 'describe', 'check', new Error('read failed')],
  FilterError: ['bad pattern', 'a hint'],
  PromptCancelledError: [],
  DeclinedError: [],
};

describe('error class names', () => {
  const modules = { cliErrors, mirrorErrors, readBack, filterPatterns, confirm };
  const classes = Object.values(modules).flatMap((exports) =>
    Object.entries(exports).filter((entry): entry is [string, ErrorClass] => isErrorClass(entry[1])),
  );

  it('covers both families', () => {
    const names = classes.map(([name]) => name);
    for (const expected of ['KmirrorError', 'UsageError', 'MirrorError', 'SourceClusterError', 'FilterError'])
      assert.ok(names.includes(expected), expected);
  });

  for (const [exported, ErrorType] of classes) {
    it(`${exported}: an instance's name is '${exported}'`, () => {
      const error = Reflect.construct(ErrorType, ARGS[exported] ?? ['a message']) as Error;
      assert.equal(error.name, exported);
      assert.match(String(error.stack), new RegExp(`^${exported}: `));
    });
  }
});
