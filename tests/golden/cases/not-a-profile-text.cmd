cgannotate README.md
