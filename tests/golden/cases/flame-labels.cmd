cgannotate --format=flamegraph flame/labels.out | sed -n -e '/^<svg /s/.* data-top="\([0-9]*\)".*/top \1/p' -e '/id="cga-legend"/p' -e '/<g id="cga-frames">/,/<\/metadata>/p'
