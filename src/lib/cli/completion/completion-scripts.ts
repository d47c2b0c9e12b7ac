// The shell side of completion, printed by `kmirror completion SHELL`: each script hands the words
// under the cursor to `kmirror __complete` and offers what it answers (one value per line, then a
// `:files` or `:none` line), so commands, flags, mirror and topic names all come from one place.

export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

const BASH = `# kmirror completion for bash. Load it now:  source <(kmirror completion bash)
# or for every shell:  kmirror completion bash > ~/.local/share/bash-completion/completions/kmirror
_kmirror_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" out directive
  # The line up to the cursor, split by kmirror itself: bash splits words at ':' and '=' (host:port).
  out="$(kmirror __complete --line "\${COMP_LINE:0:COMP_POINT}" 2>/dev/null)" || return 0
  directive="\${out##*$'\\n'}"
  if [[ "$out" == *$'\\n'* ]]; then out="\${out%$'\\n'*}"; else out=""; fi
  if [[ "$directive" == ":files" ]]; then
    compopt -o filenames 2>/dev/null
    local IFS=$'\\n'
    COMPREPLY=($(compgen -f -- "$cur"))
    return 0
  fi
  local IFS=$'\\n'
  COMPREPLY=($(compgen -W "$out" -- "$cur"))
}
complete -F _kmirror_complete kmirror
`;

const ZSH = `#compdef kmirror
# kmirror completion for zsh. Load it now (after compinit):  source <(kmirror completion zsh)
# or for every shell:  kmirror completion zsh > "\${fpath[1]}/_kmirror"
_kmirror() {
  local -a reply values displays
  local line directive
  reply=("\${(@f)$(kmirror __complete --descriptions -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  directive="\${reply[-1]}"
  reply=("\${(@)reply[1,-2]}")
  if [[ "$directive" == ":files" ]]; then
    _files
    return
  fi
  for line in "\${reply[@]}"; do
    [[ -z "$line" ]] && continue
    values+=("\${line%%$'\\t'*}")
    if [[ "$line" == *$'\\t'* ]]; then
      displays+=("\${line%%$'\\t'*}  -- \${line#*$'\\t'}")
    else
      displays+=("$line")
    fi
  done
  compadd -l -d displays -- "\${values[@]}"
}
if (( $+functions[compdef] )); then compdef _kmirror kmirror; fi
`;

const FISH = `# kmirror completion for fish. Load it now:  kmirror completion fish | source
# or for every shell:  kmirror completion fish > ~/.config/fish/completions/kmirror.fish
function __kmirror_complete
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l current (commandline -ct)
    set -l reply (kmirror __complete --descriptions -- $tokens "$current" 2>/dev/null)
    if test "$reply[-1]" = ":files"
        __fish_complete_path "$current"
        return
    end
    set -e reply[-1]
    printf '%s\\n' $reply
end
complete -c kmirror -f -a '(__kmirror_complete)'
`;

export function completionScript(shell: CompletionShell): string {
  return { bash: BASH, zsh: ZSH, fish: FISH }[shell];
}
