from pathlib import Path

import pytest

from rubric_core.config import ConfigError, RunConfig, load_config, save_config

VALID = {"task": "Write a haiku.", "rubric": "- Exactly three lines"}


def errors_for(**changes: object) -> dict[str, str]:
    with pytest.raises(ConfigError) as info:
        RunConfig.from_dict({**VALID, **changes})
    return info.value.errors


def test_defaults() -> None:
    cfg = RunConfig.from_dict(VALID)
    assert (cfg.model, cfg.grader, cfg.max_iterations, cfg.strategy) == ("offline:writer", "offline:grader", 3, "auto")


@pytest.mark.parametrize(
    ("changes", "field", "fragment"),
    [
        ({"task": "  "}, "task", "Task is empty"),
        ({"rubric": ""}, "rubric", "Rubric is empty"),
        ({"rubric": "- x\n" * 20000}, "rubric", "64 KiB"),
        ({"max_iterations": 0}, "max_iterations", "from 1 to 20"),
        ({"max_iterations": 21}, "max_iterations", "from 1 to 20"),
        ({"max_iterations": "three"}, "max_iterations", "whole number"),
        ({"max_iterations": 2.5}, "max_iterations", "whole number"),
        ({"max_iterations": True}, "max_iterations", "whole number"),
        ({"model": "gpt4"}, "model", "provider:model-id"),
        ({"grader": "acme:big"}, "grader", "Unknown provider 'acme'"),
        ({"model": "offline:poet"}, "model", "offline:writer"),
        ({"model": "offline:writer?latency=fast"}, "model", "Latency"),
        ({"grader_tools": ["python_tests", "telepathy"]}, "grader_tools", "Unknown grader tool 'telepathy'"),
        ({"strategy": "json"}, "strategy", "auto, tool or provider"),
        ({"grader_call_limit": 0}, "grader_call_limit", "from 1 to 50"),
        ({"timeout_s": "soon"}, "timeout_s", "seconds"),
        ({"colour": "blue"}, "colour", "Unknown setting"),
    ],
)
def test_each_bad_field_has_its_message(changes: dict, field: str, fragment: str) -> None:
    errors = errors_for(**changes)
    assert field in errors
    assert fragment in errors[field]


def test_all_bad_fields_are_reported_together() -> None:
    errors = errors_for(task="", rubric="", max_iterations=99)
    assert set(errors) == {"task", "rubric", "max_iterations"}


def test_string_numbers_from_forms_are_accepted() -> None:
    assert RunConfig.from_dict({**VALID, "max_iterations": "5"}).max_iterations == 5


@pytest.mark.parametrize("suffix", [".toml", ".yaml", ".yml"])
def test_save_and_load_round_trip(tmp_path: Path, suffix: str) -> None:
    cfg = RunConfig.from_dict(
        {**VALID, "rubric": "- a\n- b: with colon\n", "grader_tools": ["regex"], "max_iterations": 7}
    )
    path = tmp_path / f"run{suffix}"
    save_config(cfg, path)
    assert load_config(path) == cfg


def test_load_errors_are_clear(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("task = ")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(bad)
    with pytest.raises(ConfigError, match="Cannot read config file"):
        load_config(tmp_path / "missing.yaml")
    with pytest.raises(ConfigError, match="must end in"):
        load_config(tmp_path / "x.json")
    listy = tmp_path / "list.yaml"
    listy.write_text("- a\n- b\n")
    with pytest.raises(ConfigError, match="table of settings"):
        load_config(listy)
