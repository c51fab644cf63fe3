DOT=/nonexistent/dot cgannotate --format=html progs/hot.out > page.html && grep -c "Install Graphviz" page.html
