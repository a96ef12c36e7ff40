# bash completion for a game binary built by cardc (installed as
# bash-completion/completions/cardc-game). A game has the name it was
# built with: after sourcing this file, `complete -F _cardc_game GAME`.
# The option lists are those of `GAME --help`; tests/completions.sh keeps
# them the same.
_cardc_game_play_opts='--players --seats --seed --protocol --reveal-all --max-decisions --help'
_cardc_game_simulate_opts='--games --players --seats --seed --json --coverage --max-decisions --jobs --shard --report --replays --track --help'
_cardc_game_serve_opts='--port --players --seats --seed --max-decisions --exit-when-done --help'

_cardc_game()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W 'play simulate serve stats --help' -- "$cur"))
        return 0
    fi
    case $prev in
        --protocol) COMPREPLY=($(compgen -W json -- "$cur")); return 0 ;;
        --seats)
            case ${COMP_WORDS[1]} in
                serve) COMPREPLY=($(compgen -W 'human random greedy mc:100 ismcts:1000' -- "$cur")) ;;
                simulate) COMPREPLY=($(compgen -W 'random greedy mc:100 ismcts:1000' -- "$cur")) ;;
                *) COMPREPLY=($(compgen -W 'human random json greedy mc:100 ismcts:1000' -- "$cur")) ;;
            esac
            return 0 ;;
        --players|--seed|--games|--max-decisions|--port|--jobs|--shard|--replays) return 0 ;;
        --report) COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
    esac
    case ${COMP_WORDS[1]} in
        play) COMPREPLY=($(compgen -W "$_cardc_game_play_opts" -- "$cur")) ;;
        simulate) COMPREPLY=($(compgen -W "$_cardc_game_simulate_opts" -- "$cur")) ;;
        serve) COMPREPLY=($(compgen -W "$_cardc_game_serve_opts" -- "$cur")) ;;
        stats)
            if [ "$COMP_CWORD" -eq 2 ]; then
                COMPREPLY=($(compgen -W 'merge report impact' -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi ;;
    esac
    return 0
}
