"""docs/reproductions.md is the report of the saved full-size results, regenerated exactly."""

import re
from pathlib import Path

import pytest

from svmbook.reproductions import Result, registry
from svmbook.reproductions._report import load_saved, printout, report

ROOT = Path(__file__).resolve().parents[2]
SAVED = "docs/reproductions"


def test_docs_reproductions_md_is_the_generated_report(monkeypatch):
    """Regenerate docs/reproductions.md exactly from the saved results."""
    # the report prints the directory as given: generate it as the docs say, from the root
    monkeypatch.chdir(ROOT)
    committed = (ROOT / "docs" / "reproductions.md").read_text(encoding="utf-8")
    assert committed == report(SAVED), (
        "docs/reproductions.md is stale: run `svmbook reproduce --report docs/reproductions "
        "> docs/reproductions.md`"
    )


def test_saved_results_are_full_size_runs_of_registered_experiments():
    """Save only full-size runs of registered experiments."""
    saved = load_saved(ROOT / SAVED)
    experiments = registry()
    for name, result in saved.items():
        assert name in experiments and result.settings["size"] == "full", name


def test_load_saved_rejects_a_misnamed_file(tmp_path):
    """Refuse a saved file named after another experiment."""
    (tmp_path / "a.json").write_text(Result("b", (), (), []).to_json(), encoding="utf-8")
    with pytest.raises(ValueError, match="a.json holds a result of 'b'"):
        load_saved(tmp_path)


def test_ci_results_are_not_reported_as_full_size(tmp_path):
    """List a CI-size result as not run at full size."""
    exp = registry()["gunn-fig-2.4"]
    (tmp_path / "gunn-fig-2.4.json").write_text(exp.run("ci", progress=False).to_json())
    text = report(tmp_path)
    assert "| Gunn (1998), Figure 2.4, section 2.1 | | not run at full size |" in text


@pytest.mark.parametrize("name", [n for n, e in registry().items() if e.remarks])
def test_remarks_state_no_number_the_printout_does_not_show(name):
    """State in a remark no number that the printout does not show."""
    exp = registry()[name]
    saved = load_saved(ROOT / SAVED)
    shown = f"{name} {exp.source} " + (printout(exp, saved[name]) if name in saved else "")
    for number in re.findall(r"\d+(?:\.\d+)?", exp.remarks):
        assert number in shown, f"{name}: remark states {number}, not in its printout"
