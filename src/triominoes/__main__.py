from triominoes.cli.main import main

main()
