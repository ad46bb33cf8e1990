import sys

from scanlint.review.cli import main

if __name__ == "__main__":
    sys.exit(main())
