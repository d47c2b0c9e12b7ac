// The usage line and the first example of a command, for the short --help and a usage error.

export interface UsageFacts {
  readonly id: string;
  readonly args?: Readonly<Record<string, { readonly required?: boolean }>>;
  readonly strict?: boolean;
  readonly examples?: unknown;
}

export function usageLine(bin: string, command: UsageFacts): string {
  const args = Object.entries(command.args ?? {});
  const words = args.map(([name, arg], i) => {
    const word = name.toUpperCase() + (command.strict === false && i === args.length - 1 ? '...' : '');
    return arg.required ? word : `[${word}]`;
  });
  return [bin, command.id.replaceAll(':', ' '), ...words, '[FLAGS]'].join(' ');
}

export function exampleCommands(bin: string, command: UsageFacts): string[] {
  const examples = command.examples ?? [];
  const list: unknown[] = Array.isArray(examples) ? examples : [examples];
  return list
    .map((example) =>
      typeof example === 'string' ? example : String((example as { command?: unknown }).command ?? ''),
    )
    .flatMap((text) => text.split('\n'))
    .map((text) => text.replaceAll('<%= config.bin %>', bin).replace(/^\$ /, ''))
    .filter((text) => text.trim() !== '');
}
