"""Uploaded bot code: single files and zip archives, checked without running them."""

from __future__ import annotations

import io
import stat
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bundle import (MAX_ENTRIES, MAX_PY_BYTES, MAX_UNPACKED_BYTES, MAX_ZIP_BYTES, BundleError,
                          check_bundle, unpack_bundle)

BOT = b"import sys\nfor line in sys.stdin:\n    pass\n"


def make_zip(entries: list[tuple[str | zipfile.ZipInfo, bytes]],
             compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return buffer.getvalue()


def entry(name: str, mode: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.create_system = 3
    info.external_attr = mode << 16
    return info


def test_a_python_file_is_a_bundle_with_main_py() -> None:
    bundle = check_bundle(BOT, "my_bot.py")
    assert (bundle.kind, bundle.size, bundle.files) == ("python", len(BOT), ("main.py",))
    assert len(bundle.sha256) == 64


def test_a_zip_with_main_py_and_helpers_is_a_bundle(tmp_path: Path) -> None:
    data = make_zip([("main.py", b"import helper\n"), ("helper.py", b"X = 1\n"), ("lib/", b""),
                     ("lib/tables.json", b"{}")])
    bundle = check_bundle(data, "bot.zip")
    assert bundle.kind == "zip" and bundle.files == ("helper.py", "lib/tables.json", "main.py")
    unpack_bundle(data, bundle.kind, tmp_path)
    assert (tmp_path / "main.py").read_bytes() == b"import helper\n"
    assert (tmp_path / "lib" / "tables.json").read_bytes() == b"{}"
    assert stat.S_IMODE((tmp_path / "lib").stat().st_mode) == 0o755
    assert stat.S_IMODE((tmp_path / "main.py").stat().st_mode) == 0o644


def test_a_python_file_unpacks_as_main_py(tmp_path: Path) -> None:
    unpack_bundle(BOT, "anything.py", tmp_path)
    assert [path.name for path in tmp_path.iterdir()] == ["main.py"]


def test_the_kind_comes_from_the_content_when_the_name_says_nothing() -> None:
    assert check_bundle(make_zip([("main.py", BOT)]), "upload").kind == "zip"
    with pytest.raises(BundleError, match="neither a Python file"):
        check_bundle(BOT, "upload.txt")
    with pytest.raises(BundleError, match="not a zip archive"):
        check_bundle(BOT, "bot.zip")


@pytest.mark.parametrize(("data", "message"), [
    (b"", "the upload is empty"),
    (b"x" * (MAX_PY_BYTES + 1), "at most"),
    (b"\xff\xfe print(1)", "not UTF-8 text"),
    (b"def f(:\n", "syntax error on line 1"),
    (b"x = 1\n  y = 2\n", "syntax error on line 2"),
    (b"x = '\x00'\n", "does not compile|syntax error"),
])
def test_bad_python_files(data: bytes, message: str) -> None:
    with pytest.raises(BundleError, match=message):
        check_bundle(data, "bot.py")


def test_a_python_file_is_never_run() -> None:
    check_bundle(b"raise SystemExit('ran')\nimport os\nos._exit(3)\n", "bot.py")


@pytest.mark.filterwarnings("ignore:Duplicate name")
@pytest.mark.parametrize(("entries", "message"), [
    ([("helper.py", BOT)], "no main.py at its root"),
    ([("bot/main.py", BOT)], "must be at the archive's root, not at 'bot/main.py'"),
    ([("main.py", BOT), ("../evil.py", b"")], "'..' part"),
    ([("main.py", BOT), ("a/../../evil.py", b"")], "'..' part"),
    ([("main.py", BOT), ("/etc/evil", b"")], "absolute path"),
    ([("main.py", BOT), ("C:/evil", b"")], "absolute path"),
    ([("main.py", BOT), ("a\\..\\evil", b"")], "backslash"),
    ([("main.py", BOT), ("a//b", b"")], "empty"),
    ([("main.py", BOT), ("main.py", BOT)], "twice"),
    ([("main.py", BOT), ("a", b""), ("a/b", b"")], "both as a file and as a folder"),
    ([("main.py", b"def (")], "syntax error"),
    ([("main.py", b"")], "empty"),
    ([("main.py", b"\xff")], "not UTF-8"),
])
def test_malicious_and_broken_archives(entries: list, message: str) -> None:
    with pytest.raises(BundleError, match=message):
        check_bundle(make_zip(entries), "bot.zip")


def test_symlinks_and_special_files_are_refused(tmp_path: Path) -> None:
    link = make_zip([("main.py", BOT), (entry("evil", stat.S_IFLNK | 0o777), b"/etc/passwd")])
    with pytest.raises(BundleError, match="symbolic link"):
        check_bundle(link, "bot.zip")
    fifo = make_zip([("main.py", BOT), (entry("pipe", stat.S_IFIFO | 0o644), b"")])
    with pytest.raises(BundleError, match="special file"):
        check_bundle(fifo, "bot.zip")
    with pytest.raises(BundleError, match="symbolic link"):
        unpack_bundle(link, "zip", tmp_path)
    assert not any(tmp_path.iterdir())


def test_encrypted_entries_are_refused() -> None:
    data = bytearray(make_zip([("main.py", BOT)], zipfile.ZIP_STORED))
    # Set the "encrypted" flag bit in the local and the central header.
    data[6] |= 1
    central = data.find(b"PK\x01\x02")
    data[central + 8] |= 1
    with pytest.raises(BundleError, match="encrypted"):
        check_bundle(bytes(data), "bot.zip")


def test_zip_bombs_are_refused_while_reading() -> None:
    ratio_bomb = make_zip([("main.py", BOT), ("zeros", bytes(2 * 1024 * 1024))])
    with pytest.raises(BundleError, match="compressed more than 100 times"):
        check_bundle(ratio_bomb, "bot.zip")
    random_bytes = __import__("random").Random(1).randbytes(1024 * 1024)
    many = make_zip([("main.py", BOT)] + [(f"part{index}", random_bytes) for index in range(17)],
                    zipfile.ZIP_STORED)
    assert len(many) > MAX_ZIP_BYTES
    with pytest.raises(BundleError, match="at most"):
        check_bundle(many, "bot.zip")


def test_a_header_that_lies_about_sizes_does_not_get_past(tmp_path: Path) -> None:
    data = bytearray(make_zip([("main.py", BOT), ("zeros", bytes(4 * 1024 * 1024))]))
    central = data.find(b"PK\x01\x02", data.find(b"zeros") + 1)
    # Claim the zeros are tiny: both the compressed-size ratio and the CRC then give it away.
    while central >= 0:
        name_length = int.from_bytes(data[central + 28:central + 30], "little")
        if bytes(data[central + 46:central + 46 + name_length]) == b"zeros":
            data[central + 24:central + 28] = (10).to_bytes(4, "little")
        central = data.find(b"PK\x01\x02", central + 1)
    with pytest.raises(BundleError):
        check_bundle(bytes(data), "bot.zip")
    with pytest.raises(BundleError):
        unpack_bundle(bytes(data), "zip", tmp_path)
    assert sum(path.stat().st_size for path in tmp_path.rglob("*") if path.is_file()) <= MAX_UNPACKED_BYTES


def test_overlong_names_are_refused() -> None:
    with pytest.raises(BundleError, match="too long"):
        check_bundle(make_zip([("main.py", BOT), ("a" * 300, b"")]), "bot.zip")


def test_too_many_entries() -> None:
    data = make_zip([("main.py", BOT)] + [(f"f{index}", b"") for index in range(MAX_ENTRIES)])
    with pytest.raises(BundleError, match=f"at most {MAX_ENTRIES}"):
        check_bundle(data, "bot.zip")


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=2048), name=st.sampled_from(["bot.py", "bot.zip", "upload", "x.bin"]))
def test_random_bytes_raise_nothing_but_bundle_errors(data: bytes, name: str) -> None:
    try:
        check_bundle(data, name)
    except BundleError:
        pass


@settings(max_examples=200, deadline=None)
@given(data=st.binary(min_size=1, max_size=600),
       flips=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=8))
def test_damaged_archives_raise_nothing_but_bundle_errors(data: bytes, flips: list[tuple[int, int]]) -> None:
    archive = bytearray(make_zip([("main.py", BOT), ("data.bin", data)]))
    for where, value in flips:
        archive[where % len(archive)] = value
    try:
        check_bundle(bytes(archive), "bot.zip")
    except BundleError:
        pass


@pytest.mark.filterwarnings("ignore:Duplicate name")
@settings(max_examples=100, deadline=None)
@given(names=st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=5))
def test_archives_with_any_names_unpack_inside_their_folder(tmp_path_factory: pytest.TempPathFactory,
                                                           names: list[str]) -> None:
    dest = tmp_path_factory.mktemp("unpack")
    try:
        data = make_zip([("main.py", BOT)] + [(name, b"x") for name in names])
    except (ValueError, IndexError):  # names zipfile itself cannot write
        return
    try:
        unpack_bundle(data, "zip", dest)
    except BundleError:
        return
    for path in dest.rglob("*"):
        assert path.resolve().is_relative_to(dest.resolve())
