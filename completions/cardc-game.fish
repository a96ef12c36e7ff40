# fish completion for a game binary built by cardc (installed in
# vendor_completions.d as cardc-game.fish). A game has the name it was
# built with: `source` this file, then `__cardc_game_complete GAME`.
# The option lists are those of `GAME --help`; tests/completions.sh keeps
# them the same.
function __cardc_game_complete --argument-names game
    complete -c $game -f
    complete -c $game -n __fish_use_subcommand -a play -d 'play at the terminal, or by --protocol json'
    complete -c $game -n __fish_use_subcommand -a simulate -d 'play games between agents, random by default'
    complete -c $game -n __fish_use_subcommand -a serve -d 'a table in the browser, one page per seat'
    complete -c $game -n __fish_use_subcommand -l help -d 'print the usage'
    complete -c $game -n '__fish_seen_subcommand_from play simulate serve' -l players -x -d 'number of players'
    complete -c $game -n '__fish_seen_subcommand_from play simulate serve' -l seed -x -d 'the seed'
    complete -c $game -n '__fish_seen_subcommand_from play simulate serve' -l max-decisions -x -d 'end as a draw after N decisions'
    complete -c $game -n '__fish_seen_subcommand_from play simulate serve' -l help -d 'print the usage'
    complete -c $game -n '__fish_seen_subcommand_from play' -l seats -x -a 'human random json greedy mc:100 ismcts:1000' -d 'an agent per seat'
    complete -c $game -n '__fish_seen_subcommand_from play' -l protocol -x -a json -d 'JSON Lines on stdin and stdout'
    complete -c $game -n '__fish_seen_subcommand_from play' -l reveal-all -d 'name every card in moves and views'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l games -x -d 'games to play'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l seats -x -a 'random greedy mc:100 ismcts:1000' -d 'an agent per seat'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l json -d 'print the figures as one JSON object'
    complete -c $game -n '__fish_seen_subcommand_from serve' -l seats -x -a 'human random greedy mc:100 ismcts:1000' -d 'an agent per seat'
    complete -c $game -n '__fish_seen_subcommand_from serve' -l port -x -d 'the port on 127.0.0.1, 0 for any free one'
    complete -c $game -n '__fish_seen_subcommand_from serve' -l exit-when-done -d 'exit once the game is over and every page has its end'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l coverage -d 'count by rules line what each game ran, and list what never happened'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l jobs -x -d 'play on N threads, the same output for every N'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l shard -x -d 'play shard I/N and print its stats file'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l report -r -a '(__fish_complete_directories)' -d 'write report.json and report.html there'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l track -x -d 'a line per game on the card NAME, for stats impact'
    complete -c $game -n '__fish_seen_subcommand_from simulate' -l replays -x -d 'play each deal K times, for the spread of win rates per deal'
    complete -c $game -n __fish_use_subcommand -a stats -d 'merge shards, or report on stats files'
    complete -c $game -n '__fish_seen_subcommand_from stats' -a 'merge report impact' -d 'stats command'
end
complete -c cardc-game -w cardc-game
__cardc_game_complete cardc-game
