"""tools/load/bench_site.py: its pure parts give the right numbers.

No browser and no server here: the tool itself (``--quick`` for a check that every part works)
is run by hand or by ``make bench``; these tests check the arithmetic and the tables it prints.
"""
from __future__ import annotations

import gzip
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "load" / "bench_site.py"
_spec = importlib.util.spec_from_file_location("bench_site", TOOL)
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_site"] = bench
_spec.loader.exec_module(bench)

MB = 1_000_000


def test_a_shared_link_takes_bytes_times_learners_times_8_over_its_rate():
    # 10 MB each, 30 learners, 50 Mbit/s: 10e6 * 30 * 8 / 50e6 = 48 s.
    assert bench.link_seconds(10 * MB, 30, 50) == pytest.approx(48.0)
    assert bench.link_seconds(10 * MB, 30, 300) == pytest.approx(8.0)
    assert bench.link_seconds(0, 30, 50) == 0


def test_the_link_table_has_the_static_lessons_and_voila_and_skips_what_was_not_measured():
    rows = bench.link_rows(10 * MB, 1 * MB)
    assert [r[0] for r in rows] == ["static site: first lesson", "static site: a second lesson",
                                    "Voilà: first lesson (page files)"]
    assert rows[0][3:] == ["48.0 s", "8.0 s"]
    assert rows[1][3:] == ["4.8 s", "0.8 s"]
    voila = 5.5 * 2**20 * 30 * 8
    assert rows[2][3:] == [f"{voila / 50e6:.1f} s", f"{voila / 300e6:.1f} s"]
    assert len(bench.link_rows(10 * MB, None)) == 2


def test_percentile_is_a_measured_value_by_nearest_rank():
    values = [float(v) for v in range(1, 11)]
    assert bench.percentile(values, 50) == 5.0
    assert bench.percentile(values, 95) == 10.0
    assert bench.percentile([], 95) is None


def test_markdown_table():
    assert bench.markdown_table(["a", "b"], [[1, "x"], [2, "y"]]) == (
        "| a | b |\n| --- | --- |\n| 1 | x |\n| 2 | y |")


def test_the_server_log_gives_each_request_and_its_status():
    log = ('127.0.0.1 - - [04/Dec/2026 12:06:20] "GET /voici/build/2679.js HTTP/1.1" 200 -\n'
           '127.0.0.1 - - [04/Dec/2026 12:06:21] code 404, message File not found\n'
           '127.0.0.1 - - [04/Dec/2026 12:06:21] "GET /sw.js?enableCache=false HTTP/1.1" 304 -\n')
    assert bench.parse_log(log) == [("/voici/build/2679.js", 200),
                                    ("/sw.js?enableCache=false", 304)]


def test_bytes_sent_count_whole_files_for_200_compress_text_and_wasm_not_archives(tmp_path):
    text = b"the fox " * 2000
    (tmp_path / "a.js").write_bytes(text)
    (tmp_path / "core.wasm").write_bytes(text)
    (tmp_path / "pkg.whl").write_bytes(text)
    (tmp_path / "dir").mkdir()
    (tmp_path / "dir" / "index.html").write_bytes(b"<p>hi</p>")
    packed = len(gzip.compress(text, 6))
    got = bench.bytes_sent(tmp_path, [("/a.js?v=1", 200), ("/core.wasm", 200), ("/pkg.whl", 200),
                                      ("/dir/", 200), ("/a.js", 304)])
    assert got["requests"] == 5 and got["new"] == 4
    assert got["raw"] == 3 * len(text) + 9
    assert got["compressed"] == 2 * packed + len(text) + len(gzip.compress(b"<p>hi</p>", 6))
    assert got["compressed_wasm"] == packed


def test_the_load_table_puts_voila_beside_the_static_site():
    result = {"learners": 30, "succeeded": 30, "transfer_median": 1.25, "transfer_p95": 2.0,
              "chromium_first_widget": 14.0, "server_cpu": 3.25, "server_peak_rss": 21 * 2**20,
              "server_peak_threads": 40}
    row = bench.load_rows([result])[0]
    assert row == [30, "30/30", "1.2 s / 2.0 s", "14.0 s", "3.2 s", "21.0 MiB", 40,
                   "17.6 s / 24.1 s"]
    assert bench.load_rows([{**result, "learners": 200}])[0][-1] == "not measured"


def test_the_server_is_python_m_http_server_or_the_same_module_with_a_longer_queue(tmp_path):
    plain = bench.server_command(8000, tmp_path)
    assert plain[1:] == ["-m", "http.server", "--bind", "127.0.0.1", "8000", "-d", str(tmp_path)]
    longer = bench.server_command(8000, tmp_path, 128)
    assert longer[1] == "-c" and "request_queue_size = 128" in longer[2]
    assert "run_module('http.server'" in longer[2]
