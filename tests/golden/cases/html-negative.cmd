cgannotate --format=html writers/negative-total.out > page.html && grep -o "\"flame\":{\"missing\":\"[^\"]*\"" page.html
