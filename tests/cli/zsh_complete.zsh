# zsh -f zsh_complete.zsh DIR LINE...: for each LINE, prints "LINE: WORD WORD ..." with the words
# (sorted) that zsh's own completion system (compinit, with DIR first on fpath) offers when TAB
# is pressed after LINE in an interactive shell. The shell runs in a pseudo-terminal
# (zsh/zpty); compadd is wrapped to print the matches it is given instead of showing them.
# Nothing is typed before the shell shows its prompt (QBANKPROMPT): a line typed while the
# previous command still runs reaches a terminal in line mode, where TAB is only a character and
# Ctrl-U erases the line, so no completion would run (a flaky first case on a loaded machine).
zmodload zsh/zpty || exit 77
zpty qbank_shell zsh -f -i
zpty -w qbank_shell "PS1='QBANK''PROMPT '; fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w qbank_shell 'compadd() { local -a m; builtin compadd -O m "$@"; print -rl -- "<<"${^m}">>"; }'
# The quotes keep the echo of each command from matching the pattern read for.
zpty -w qbank_shell "print -r -- rea''dy"
zpty -r qbank_shell out '*ready*QBANKPROMPT *' >/dev/null
integer n=0
for line in "${@:2}"; do
  n+=1
  zpty -w -n qbank_shell "$line"$'\t'
  zpty -w qbank_shell $'\C-u'"print -r -- do''ne-$n."
  zpty -r qbank_shell out "*done-$n.*QBANKPROMPT *"
  words=(${(f)"$(print -r -- $out | grep -ao '<<[^>]*>>' | sed 's/^<<//; s/>>$//' | LC_ALL=C sort -u)"})
  print -r -- "$line: ${(j: :)words}"
done
zpty -d qbank_shell
