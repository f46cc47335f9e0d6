"""Files written whole or not at all (boardkit.engine.files)."""

import os
from pathlib import Path

import pytest

from boardkit.engine.errors import RunError
from boardkit.engine.files import check_target, write_atomic


def test_write_atomic_writes_text_bytes_and_through_a_function(tmp_path):
    write_atomic(tmp_path / "a.txt", "é\n")
    write_atomic(tmp_path / "b.bin", b"\x00\x01")
    write_atomic(tmp_path / "c.csv", lambda tmp: Path(tmp).write_text("x\n1\n"))
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "é\n"
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\x01"
    assert (tmp_path / "c.csv").read_text() == "x\n1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.bin", "c.csv"]


def test_a_write_that_fails_halfway_leaves_the_old_file_and_no_temporary_one(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("old\n")

    def half(tmp):
        with open(tmp, "w") as f:
            f.write("new, half of it")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, half)
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["runs.csv"]


def test_a_new_file_gets_the_usual_permissions_not_a_private_temporary_files(tmp_path):
    mask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "shared.csv", "x\n")
    finally:
        os.umask(mask)
    assert (tmp_path / "shared.csv").stat().st_mode & 0o777 == 0o644


def test_check_target_names_the_field_and_what_is_wrong(tmp_path):
    assert check_target(tmp_path / "new.csv") == tmp_path / "new.csv"
    with pytest.raises(RunError, match="is a directory") as info:
        check_target(tmp_path)
    assert info.value.field == "out"
    with pytest.raises(RunError, match="does not exist") as info:
        check_target(tmp_path / "missing" / "x.csv", field="path")
    assert info.value.field == "path"


def test_a_lock_is_held_by_one_writer_until_it_closes(tmp_path):
    from boardkit.engine.files import lock_now

    first = os.open(tmp_path / ".lock", os.O_RDWR | os.O_CREAT)
    second = os.open(tmp_path / ".lock", os.O_RDWR)
    try:
        lock_now(first)
        with pytest.raises(OSError):
            lock_now(second)  # refused at once, not waited for
        os.close(first)
        first = None
        lock_now(second)  # given back when its holder closed it
    finally:
        for fd in (first, second):
            if fd is not None:
                os.close(fd)
