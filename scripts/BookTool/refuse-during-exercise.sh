# shellcheck shell=bash
# Sourced by the scripts that compare the book with the code (test, book, conformance, benchmark,
# site): while a chapter is started as an exercise the two differ on purpose, so they stop.
# Usage: . "$scripts/BookTool/refuse-during-exercise.sh" REPOSITORY
if [ -e "$1/.exercise/chapter" ]; then
    chapter="$(cat "$1/.exercise/chapter")"
    echo "Chapter $chapter is started as an exercise, so the book and the code differ on purpose." >&2
    echo "Put the book's chapter back first: scripts/exercise restore $chapter (your work is kept;" >&2
    echo "'scripts/exercise status' says what it would do)." >&2
    exit 1
fi
