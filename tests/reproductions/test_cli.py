"""The ``svmbook reproduce`` command line: list, run, seeds, save, report, missing data."""

import io
import subprocess
import sys

import pytest

from svmbook.cli import main
from svmbook.reproductions import Result, registry

#: What fetches a missing data file over the network; a test makes it fail. The datasets
#: module's private downloader, named here once so that a move of that module re-points it.
DOWNLOADER = "svmbook.datasets._fetch._download"


def test_cli_list_and_errors(capsys):
    """List every experiment (Gunn's too); refuse unknown names and missing arguments."""
    out = io.StringIO()
    assert main(["reproduce", "--list"], out=out) == 0
    listed = out.getvalue().splitlines()
    assert [line.split()[0] for line in listed] == list(registry())
    assert any(name.startswith("gunn-") for name in registry())  # Gunn (1998) joined
    assert main(["reproduce", "goodrich-table-0.0", "--no-progress"], out=io.StringIO()) == 2
    assert "name must be one of" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["reproduce"], out=io.StringIO())
    with pytest.raises(SystemExit):
        main([], out=io.StringIO())


@pytest.mark.needs_data
def test_cli_reproduce_prints_ours_the_source_and_the_verdict():
    """Print ours next to the source's numbers, every check and the verdict."""
    out = io.StringIO()
    assert main(["reproduce", "goodrich-table-4.4", "--seed", "0", "--no-progress"], out=out) == 0
    text = out.getvalue()
    assert "Goodrich (2012), Table 4.4" in text and "size=ci" in text and "random_state=0" in text
    header = next(line for line in text.splitlines() if line.startswith("metric"))
    assert header.split() == ["metric", "Overall", "source", "Avg", "Prop", "source", "Cost"] + [
        "source"
    ]
    assert "0.090 ± 0.001*" in text  # the thesis's bold Overall Err
    assert "\nverdict: " in text and "check  where" in text


def test_cli_refuses_a_seed_for_a_fixed_set_up(capsys):
    """Refuse --seed in one line (exit 2) where the set-up is the source's fixed one."""
    # the published realisations: --seed would not act, so it is refused before anything runs
    assert main(["reproduce", "goodrich-table-4.1", "--seed", "3"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "takes no --seed" in err and "goodrich-table-4.1" in err


@pytest.mark.needs_data
def test_cli_seed_acts_on_a_seeded_experiment():
    """Change the splits, and so the errors, with the seed of a seeded experiment."""
    texts = []
    for seed in ("1", "2"):
        out = io.StringIO()
        argv = ["reproduce", "goodrich-table-5.2", "--seed", seed, "--no-progress"]
        assert main(argv, out=out) == 0
        texts.append(out.getvalue())
    assert "random_state=1" in texts[0] and "random_state=2" in texts[1]
    errors = [[line for line in t.splitlines() if line.startswith("S-K ")] for t in texts]
    assert errors[0] != errors[1]  # other splits, other test errors


def test_cli_save_and_report(tmp_path):
    """Save a full-size result as JSON and report it; list the unsaved with their command."""
    out = io.StringIO()
    assert main(["reproduce", "gunn-fig-2.4", "--full", "--save", str(tmp_path)], out=out) == 0
    saved = tmp_path / "gunn-fig-2.4.json"
    assert f"saved: {saved}" in out.getvalue()
    result = Result.from_json(saved.read_text(encoding="utf-8"))
    assert result.name == "gunn-fig-2.4" and result.settings["size"] == "full"
    report = io.StringIO()
    assert main(["reproduce", "--report", str(tmp_path)], out=report) == 0
    text = report.getvalue()
    assert "| [gunn-fig-2.4](#gunn-fig-24) | Gunn (1998), Figure 2.4, section 2.1 |" in text
    assert "**Verdict: reproduced** (claims 2/2)." in text
    # everything else is listed with the command that runs it at full size
    assert f"`svmbook reproduce goodrich-table-4.1 --full --save {tmp_path}`" in text
    assert main(["reproduce", "--report", str(tmp_path / "nowhere")], out=io.StringIO()) == 2


def test_cli_missing_data_is_one_line_naming_where_it_looked(monkeypatch, tmp_path, capsys):
    """Stop without data in one line naming the places searched and SVMBOOK_DATA (exit 1)."""
    data, cache = tmp_path / "data", tmp_path / "cache"
    data.mkdir()
    monkeypatch.setenv("SVMBOOK_DATA", str(data))
    monkeypatch.setenv("SVMBOOK_CACHE", str(cache))

    def offline(url, dest):
        raise OSError("no network in tests")

    monkeypatch.setattr(DOWNLOADER, offline)
    assert main(["reproduce", "goodrich-table-4.1", "--no-progress"], out=io.StringIO()) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("svmbook reproduce: missing data:")
    assert str(data) in err and str(cache) in err and "Set SVMBOOK_DATA" in err


def test_python_m_svmbook_lists():
    """Run the same command line as ``python -m svmbook``."""
    proc = subprocess.run(
        [sys.executable, "-m", "svmbook", "reproduce", "--list"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert "goodrich-table-4.1" in proc.stdout and "gunn-fig-2.4" in proc.stdout
