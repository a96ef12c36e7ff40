# fish completion for cardc (installed in vendor_completions.d). The option
# lists are those of `cardc --help`; tests/completions.sh keeps them the same.
complete -c cardc -f
complete -c cardc -n __fish_use_subcommand -a check -d 'check a game folder or card file'
complete -c cardc -n __fish_use_subcommand -a build -d 'build a game into C or a binary'
complete -c cardc -n __fish_use_subcommand -a print -d 'print the cards: PDF sheets or a Tabletop Simulator deck'
complete -c cardc -n __fish_use_subcommand -s h -l help -d 'print the usage'
complete -c cardc -n __fish_use_subcommand -l version -d 'print the version'
complete -c cardc -n '__fish_seen_subcommand_from check' -l format -x -a 'text json' -d 'the form of the diagnostics'
complete -c cardc -n '__fish_seen_subcommand_from check' -l max-errors -x -d 'errors kept and printed'
complete -c cardc -n '__fish_seen_subcommand_from check' -l rules -r -F -d 'a rules file read with the card file'
complete -c cardc -n '__fish_seen_subcommand_from build' -s o -r -F -d 'the output: FILE.c or a game binary'
complete -c cardc -n '__fish_seen_subcommand_from build' -l blank -x -d 'build with every copy of a card made blank'
complete -c cardc -n '__fish_seen_subcommand_from build' -l dump -x -a 'tree checked analysed' -d 'print a phase result'
complete -c cardc -n '__fish_seen_subcommand_from print' -s o -r -F -d 'the PDF of the print-and-play sheets'
complete -c cardc -n '__fish_seen_subcommand_from print' -l paper -x -a 'a4 letter' -d 'the paper of the PDF'
complete -c cardc -n '__fish_seen_subcommand_from print' -l tts -x -a '(__fish_complete_directories)' -d 'the folder of the Tabletop Simulator deck'
complete -c cardc -n '__fish_seen_subcommand_from print' -l font -r -F -d 'the TrueType font of the PDF text'
complete -c cardc -n '__fish_seen_subcommand_from print' -l bold-font -r -F -d 'the TrueType font of the PDF bold text'
complete -c cardc -n '__fish_seen_subcommand_from print' -l rules -r -F -d 'a rules file read with the card file'
complete -c cardc -n '__fish_seen_subcommand_from check build print' -F
