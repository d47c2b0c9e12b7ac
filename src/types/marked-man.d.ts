// marked-man ships no types; it is a marked extension object (renderer, tokenizer, options).
declare module 'marked-man' {
  const extension: Record<string, unknown>;
  export default extension;
}
