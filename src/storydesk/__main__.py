from storydesk.cli import main

main()
