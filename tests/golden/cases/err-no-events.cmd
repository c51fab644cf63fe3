cgannotate bad/no-events.out
