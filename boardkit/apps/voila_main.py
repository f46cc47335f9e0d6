"""Voilà as the play page runs it: ``python -m boardkit.apps.voila_main`` takes Voilà's own
command line.

One fix on top of Voilà: when a tab closes, the page sends its kernel's shutdown request as
a beacon (``POST /voila/api/shutdown/<kernel id>``), which carries no ``_xsrf`` value, and
Voilà's handler refused it ("403 … '_xsrf' argument missing from POST", Voilà issue #1458),
so every closed tab left its kernel running. The handler below takes the request without the
XSRF check: the kernel's id, a random UUID that only the page holding the kernel knows, is
what authorises the shutdown, and the request can do nothing but stop that kernel. Kernels
whose page vanished without a beacon are culled (see ``server.CULL``).
"""

from __future__ import annotations

from voila import app as voila_app
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler


class BeaconShutdownHandler(VoilaShutdownKernelHandler):
    """Voilà's kernel shutdown on a tab's ``beforeunload`` beacon, without the XSRF check a
    beacon cannot pass."""

    def check_xsrf_cookie(self) -> None:
        return None


def main() -> None:
    voila_app.VoilaShutdownKernelHandler = BeaconShutdownHandler
    voila_app.main()


if __name__ == "__main__":
    main()
