import sys

from boardkit.cli import main

sys.exit(main())
