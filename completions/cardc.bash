# bash completion for cardc (installed as bash-completion/completions/cardc).
# The option lists are those of `cardc --help`; tests/completions.sh keeps
# them the same.
_cardc_check_opts='--format=text --format=json --max-errors= --rules'
_cardc_build_opts='-o --blank --dump=tree --dump=checked --dump=analysed'
_cardc_print_opts='-o --paper=a4 --paper=letter --tts --font --bold-font --rules'

_cardc()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W 'check build print --help -h --version' -- "$cur"))
        return 0
    fi
    local opts
    case ${COMP_WORDS[1]} in
        check) opts=$_cardc_check_opts ;;
        build) opts=$_cardc_build_opts ;;
        print) opts=$_cardc_print_opts ;;
        *) return 0 ;;
    esac
    case $prev in
        --rules) COMPREPLY=($(compgen -f -X '!*.rules' -- "$cur") $(compgen -d -- "$cur")); return 0 ;;
        -o) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
        --tts) COMPREPLY=($(compgen -d -- "$cur")); compopt -o filenames 2>/dev/null; return 0 ;;
        --paper) COMPREPLY=($(compgen -W 'a4 letter' -- "$cur")); return 0 ;;
        --font|--bold-font) COMPREPLY=($(compgen -f -X '!*.[tT][tT][fF]' -- "$cur") $(compgen -d -- "$cur"))
            compopt -o filenames 2>/dev/null; return 0 ;;
    esac
    if [ "${cur#-}" != "$cur" ]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        case ${COMPREPLY[0]} in *=) [ "${#COMPREPLY[@]}" -eq 1 ] && compopt -o nospace 2>/dev/null ;; esac
        return 0
    fi
    COMPREPLY=($(compgen -f -X '!*.yaml' -- "$cur") $(compgen -d -- "$cur"))
    compopt -o filenames 2>/dev/null
    return 0
}
complete -F _cardc cardc
