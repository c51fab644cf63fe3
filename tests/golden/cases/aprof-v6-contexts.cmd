cgannotate --tree=calling aprof/v6-contexts.aprof && cgannotate --tree=calling --threshold=97 --sort=calls aprof/v6-contexts.aprof && cgannotate --format=json aprof/v6-contexts.aprof
