cgannotate aprof/callgrind.aprof
