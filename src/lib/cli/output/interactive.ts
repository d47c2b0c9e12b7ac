// Prompts are allowed only when a person is certainly there to answer: never in CI, never when a
// stream is piped, never when output is meant for a machine. Otherwise commands must fail with a
// ConfirmationRequiredError (exit 2) instead of hanging (ANCHOR-CLIS.md, user request 8).

export interface PromptFlags {
  readonly json?: boolean | undefined;
  readonly output?: string | undefined;
  readonly yes?: boolean | undefined;
}

export interface PromptEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
}

function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = env.CI;
  // `CI=false` / `CI=0` is how people switch CI detection off explicitly.
  return ci !== undefined && ci !== '' && ci.toLowerCase() !== 'false' && ci !== '0';
}

export function canPrompt(
  flags: PromptFlags,
  environment: PromptEnvironment = {
    env: process.env,
    stdinIsTTY: process.stdin.isTTY === true,
    stdoutIsTTY: process.stdout.isTTY === true,
  },
): boolean {
  if (flags.yes === true) return false;
  if (flags.json === true || flags.output === 'json' || flags.output === 'yaml') return false;
  if (isCi(environment.env)) return false;
  return environment.stdinIsTTY && environment.stdoutIsTTY;
}
