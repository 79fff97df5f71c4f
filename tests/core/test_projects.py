"""Project files: found where the user named them, read strictly, and every way user code fails said plainly."""

from __future__ import annotations

from pathlib import Path

import pytest

from rubric_core.config import ConfigError, RunConfig, load_config
from rubric_core.projects import PROJECT_ENV, ProjectError, find_project, load_project
from rubric_core.projects.checks import check_project_config
from rubric_core.projects.imports import UserCodeError, load_object
from rubric_core.projects.seed_files import inline_files, read_tree
from tests.projects.helpers import FIXER, agent_project, haiku_config, write_project


def test_the_example_project_reads(tmp_path: Path) -> None:
    project = load_project(FIXER)
    assert project.root == FIXER and project.file == FIXER / "rubric-studio.toml"
    assert list(project.agents) == ["fixer"] and project.agents["fixer"].factory == "fixer.agent:make_agent"
    assert project.grader_tools == {"run_test_suite": "fixer.grader_tools:run_test_suite"}
    assert len(project.digest) == 64
    # A file path, the folder and the file all name the same project.
    assert load_project(FIXER / "rubric-studio.toml").digest == project.digest


def test_found_from_the_flag_then_the_environment_then_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = agent_project(tmp_path / "a")
    b = agent_project(tmp_path / "b")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.delenv(PROJECT_ENV, raising=False)
    assert find_project() is None  # a folder without a project file: no project, no error
    monkeypatch.chdir(b)
    assert find_project().root == b.resolve()
    monkeypatch.setenv(PROJECT_ENV, str(a))
    assert find_project().root == a.resolve()
    assert find_project(str(b)).root == b.resolve()


def test_a_table_in_pyproject_is_a_project(tmp_path: Path) -> None:
    root = write_project(
        tmp_path / "p",
        {
            "pyproject.toml": """
                [project]
                name = "mine"
                [tool.rubric-studio.agents.main]
                factory = "pkg.agent:make_agent"
                [tool.rubric-studio.grader_tools]
                count_it = "pkg.tools:count_it"
            """
        },
    )
    project = load_project(root)
    assert project.file.name == "pyproject.toml" and "main" in project.agents
    assert project.grader_tools == {"count_it": "pkg.tools:count_it"}


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ("[agents.main\nfactory = 1", "is not valid TOML"),
        ('[agent.main]\nfactory = "a:b"', "Unknown table or key 'agent'"),
        ('[agents.main]\nfactory = "a:b"\nmodel = "x"', "Unknown key 'model' in [agents.main]"),
        ('[agents.main]\ndescription = "no factory"', "has no factory"),
        ('[agents.main]\nfactory = "pkg.agent"', "is not a reference"),
        ('[agents.main]\nfactory = "/abs/path.py:make"', "must be a path inside the project"),
        ('[agents.main]\nfactory = "a:b"\nfiles = "../outside"', "must be a path inside the project"),
        ('[agents."9lives"]\nfactory = "a:b"', "must start with an ASCII letter"),
        ("[agents.main]\nfactory = 3", "factory in [agents.main]"),
        ('[grader_tools]\nword_count = "pkg.t:count"', "the name of a built-in grader tool"),
        ("[grader_tools]\nmine = 7", "must be text"),
        ('agents = "main"', "must be a table of agents"),
    ],
)
def test_a_bad_project_file_says_what_and_where(tmp_path: Path, toml: str, expected: str) -> None:
    root = write_project(tmp_path / "p", {}, toml=toml)
    with pytest.raises(ProjectError) as exc:
        load_project(root)
    assert expected in str(exc.value)
    assert str(root / "rubric-studio.toml") in str(exc.value)


def test_two_project_files_in_one_folder_are_refused(tmp_path: Path) -> None:
    root = agent_project(tmp_path / "p", **{"pyproject.toml": '[tool.rubric-studio.agents.x]\nfactory = "a:b"\n'})
    with pytest.raises(ProjectError, match="keep one of them"):
        load_project(root)


def test_a_named_folder_without_a_project_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(ProjectError, match="No project file in"):
        find_project(str(tmp_path / "empty"))
    with pytest.raises(ProjectError, match="does not exist"):
        find_project(str(tmp_path / "missing"))


def test_a_project_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    (root / "rubric-studio.toml").write_bytes(b"[agents.a]\nfactory = '\xff'")
    with pytest.raises(ProjectError, match="not UTF-8"):
        load_project(root)


# ---- importing user code -----------------------------------------------------------------------------------


def test_a_missing_module_names_the_key_and_the_project(tmp_path: Path) -> None:
    project = load_project(agent_project(tmp_path / "p"))
    with pytest.raises(UserCodeError) as exc:
        load_object(project, "pkg.nothing_here:make", "[agents.main] factory")
    assert "Cannot import module 'pkg.nothing_here'" in exc.value.message
    assert "[agents.main] factory" in exc.value.message and str(project.root) in exc.value.message


def test_a_missing_attribute_names_the_file_and_the_attribute(tmp_path: Path) -> None:
    project = load_project(agent_project(tmp_path / "p"))
    with pytest.raises(UserCodeError) as exc:
        load_object(project, "pkg.agent:make_agnet", "[agents.main] factory")
    assert "has no attribute 'make_agnet'" in exc.value.message
    assert str(project.root / "pkg" / "agent.py") in exc.value.message


def test_a_module_that_raises_on_import_gives_the_users_own_traceback(tmp_path: Path) -> None:
    project = load_project(agent_project(tmp_path / "p", "x = 1\nraise RuntimeError('config missing')\n"))
    with pytest.raises(UserCodeError) as exc:
        load_object(project, "pkg.agent:make_agent", "[agents.main] factory")
    assert "raised RuntimeError: config missing" in exc.value.message
    tb = exc.value.user_traceback
    assert f'File "{project.root / "pkg" / "agent.py"}", line 2' in tb and "rubric_core" not in tb


def test_a_file_reference_loads_that_file(tmp_path: Path) -> None:
    root = write_project(tmp_path / "p", {"agents/mine.py": "VALUE = 42\n"}, toml="")
    (root / "rubric-studio.toml").write_text('[agents.m]\nfactory = "agents/mine.py:VALUE"\n')
    assert load_object(load_project(root), "agents/mine.py:VALUE", "x") == 42
    with pytest.raises(UserCodeError, match="does not exist"):
        load_object(load_project(root), "agents/other.py:VALUE", "x")


def test_edited_code_is_imported_again(tmp_path: Path) -> None:
    root = agent_project(tmp_path / "p", **{"pkg/values.py": "VALUE = 1\n"})
    project = load_project(root)
    assert load_object(project, "pkg.values:VALUE", "x") == 1
    path = root / "pkg" / "values.py"
    path.write_text("VALUE = 2  # edited\n")
    assert load_object(project, "pkg.values:VALUE", "x") == 2


def test_two_projects_with_the_same_package_name_do_not_mix(tmp_path: Path) -> None:
    a = load_project(agent_project(tmp_path / "a", **{"pkg/values.py": "VALUE = 'a'\n"}))
    b = load_project(agent_project(tmp_path / "b", **{"pkg/values.py": "VALUE = 'b'\n"}))
    assert load_object(a, "pkg.values:VALUE", "x") == "a"
    assert load_object(b, "pkg.values:VALUE", "x") == "b"


# ---- what a run may name -------------------------------------------------------------------------------------


def test_a_config_file_cannot_choose_the_project(tmp_path: Path) -> None:
    cfg = tmp_path / "run.toml"
    cfg.write_text(f'task = "t"\nrubric = "- a"\nproject = "{tmp_path}"\n')
    with pytest.raises(ConfigError) as exc:
        load_config(cfg)
    assert "cannot choose which folder's code runs" in exc.value.errors["project"]


def test_an_agent_needs_an_open_project() -> None:
    with pytest.raises(ConfigError) as exc:
        RunConfig.from_dict({"task": "t", "rubric": "- a", "agent": "fixer"})
    assert "--project DIR" in exc.value.errors["agent"]
    with pytest.raises(ConfigError) as exc:
        RunConfig.from_dict({"task": "t", "rubric": "- a", "grader_tools": ["run_test_suite"]})
    assert "need the project" in exc.value.errors["grader_tools"]


def test_code_is_only_loaded_from_the_project_the_session_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = agent_project(tmp_path / "mine")
    theirs = agent_project(tmp_path / "theirs")
    monkeypatch.setenv(PROJECT_ENV, str(mine))
    check_project_config(haiku_config(mine, agent="main"))  # the opened project: fine
    with pytest.raises(ConfigError) as exc:
        check_project_config(haiku_config(theirs, agent="main"))
    assert f"--project {theirs.resolve()}" in exc.value.errors["project"]
    monkeypatch.delenv(PROJECT_ENV)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match="opened no project"):
        check_project_config(haiku_config(mine, agent="main"))


def test_unknown_agents_tools_and_files_are_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = agent_project(tmp_path / "p", extra_toml='[grader_tools]\nmine = "pkg.agent:make_agent"\n')
    monkeypatch.setenv(PROJECT_ENV, str(root))
    with pytest.raises(ConfigError) as exc:
        check_project_config(haiku_config(root, agent="other", grader_tools=["mien"], files="nowhere"))
    assert "No agent 'other'" in exc.value.errors["agent"] and "its agents: main" in exc.value.errors["agent"]
    assert (
        "Unknown grader tool 'mien'" in exc.value.errors["grader_tools"] and "mine" in exc.value.errors["grader_tools"]
    )
    assert "does not exist" in exc.value.errors["files"]


# ---- files for the agent's state -----------------------------------------------------------------------------


def test_a_folder_of_files_reads_as_the_agents_file_system(tmp_path: Path) -> None:
    root = agent_project(tmp_path / "p", **{"fx/a.py": "print(1)\n", "fx/sub/b.md": "# b\n", "fx/.git/HEAD": "x"})
    files = read_tree(load_project(root), "fx", "files of [agents.main]")
    assert files == {"/a.py": "print(1)\n", "/sub/b.md": "# b\n"}


def test_files_stay_inside_the_project_and_are_text(tmp_path: Path) -> None:
    root = agent_project(tmp_path / "p")
    project = load_project(root)
    (tmp_path / "secret.txt").write_text("no")
    (root / "link").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(ProjectError, match="leads outside the project"):
        read_tree(project, "link", "files")
    with pytest.raises(ProjectError, match="inside the project"):
        read_tree(project, "../secret.txt", "files")
    (root / "bin.dat").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ProjectError, match="not UTF-8 text"):
        read_tree(project, "bin.dat", "files")
    with pytest.raises(ProjectError, match="may not hold"):
        inline_files({"../x": "y"}, "item 3")
    assert inline_files({"src/a.py": "1"}, "item 3") == {"/src/a.py": "1"}


# ---- links: every path and module resolved against the project folder ---------------------------------------


def test_a_factory_file_linked_from_outside_is_refused_naming_the_link(tmp_path: Path) -> None:
    """`inside.py -> ../evil.py` with factory "inside.py:f" imported and ran the outside file."""
    evil = tmp_path / "evil.py"
    marker = tmp_path / "ran"
    evil.write_text(f"open({str(marker)!r}, 'w').write('x')\nf = 1\n")
    root = write_project(tmp_path / "p", {}, toml='[agents.a]\nfactory = "inside.py:f"\n')
    (root / "inside.py").symlink_to("../evil.py")
    with pytest.raises(UserCodeError) as exc:
        load_object(load_project(root), "inside.py:f", "[agents.a] factory")
    assert "leads outside the project folder" in exc.value.message
    assert str(root / "inside.py") in exc.value.message  # the link is named
    assert not marker.exists()


@pytest.mark.parametrize(
    "layout",
    ["module-link", "package-link", "imported-by-the-factory"],
)
def test_a_project_module_linked_from_outside_is_never_run(tmp_path: Path, layout: str) -> None:
    """A module the project folder supplies must be in it: a link to code elsewhere is refused before it runs."""
    outside = tmp_path / "outside"
    outside.mkdir()
    marker = tmp_path / "ran"
    body = f"open({str(marker)!r}, 'w').write('x')\nVALUE = 1\n"
    (outside / "evil.py").write_text(body)
    (outside / "evilpkg").mkdir()
    (outside / "evilpkg" / "__init__.py").write_text(body)
    root = agent_project(tmp_path / "p")
    if layout == "module-link":
        (root / "pkg" / "values.py").symlink_to(outside / "evil.py")
        ref = "pkg.values:VALUE"
    elif layout == "package-link":
        (root / "helpers").symlink_to(outside / "evilpkg", target_is_directory=True)
        ref = "helpers:VALUE"
    else:
        (root / "pkg" / "evil_helper.py").symlink_to(outside / "evil.py")
        (root / "pkg" / "uses.py").write_text("from pkg import evil_helper\nVALUE = 2\n")
        ref = "pkg.uses:VALUE"
    with pytest.raises(UserCodeError) as exc:
        load_object(load_project(root), ref, "[agents.main] factory")
    assert "leads outside the project folder" in exc.value.message and "through the link" in exc.value.message
    assert not marker.exists()


def test_links_inside_the_project_are_fine(tmp_path: Path) -> None:
    root = agent_project(tmp_path / "p", **{"pkg/real_values.py": "VALUE = 7\n"})
    (root / "pkg" / "values.py").symlink_to("real_values.py")
    (root / "fx").mkdir()
    (root / "fx" / "a.txt").write_text("a")
    (root / "fx" / "again.txt").symlink_to("a.txt")
    project = load_project(root)
    assert load_object(project, "pkg.values:VALUE", "x") == 7
    assert read_tree(project, "fx", "files") == {"/a.txt": "a", "/again.txt": "a"}


def test_a_file_in_a_files_folder_linked_outside_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("key=1")
    root = agent_project(tmp_path / "p", **{"fx/a.txt": "a"})
    (root / "fx" / "peek.txt").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(ProjectError) as exc:
        read_tree(load_project(root), "fx", "files of [agents.main]")
    assert "leads outside the project folder" in str(exc.value) and str(root / "fx" / "peek.txt") in str(exc.value)


def test_a_folder_cycle_is_read_once_and_the_skipped_link_is_named(tmp_path: Path) -> None:
    """A folder holding `self -> .` put 41 copies of one file (/self/self/.../a.txt) in the agent's state."""
    root = agent_project(tmp_path / "p", **{"fx/a.txt": "a", "fx/sub/b.txt": "b"})
    (root / "fx" / "self").symlink_to(".", target_is_directory=True)
    (root / "fx" / "sub" / "up").symlink_to("..", target_is_directory=True)
    skipped: list[str] = []
    files = read_tree(load_project(root), "fx", "files", skipped)
    assert files == {"/a.txt": "a", "/sub/b.txt": "b"}
    assert any(str(root / "fx" / "self") in s and "already read" in s for s in skipped)
    assert any(str(root / "fx" / "sub" / "up") in s for s in skipped)


def test_files_naming_a_link_that_loops_say_it_loops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`files` naming a link to itself said "is not in ..." (it is; it loops)."""
    root = agent_project(tmp_path / "p", extra_toml='files = "loop"\n')
    (root / "loop").symlink_to("loop")
    (root / "deep").mkdir()
    (root / "deep" / "inner").symlink_to("inner")
    project = load_project(root)
    with pytest.raises(ProjectError, match="loops") as exc:
        read_tree(project, "loop", "files")
    assert str(root / "loop") in str(exc.value)
    with pytest.raises(ProjectError, match="loops"):
        read_tree(project, "deep/inner", "files")
    monkeypatch.setenv(PROJECT_ENV, str(root))
    with pytest.raises(ConfigError) as config_exc:
        check_project_config(haiku_config(root, agent="main"))
    assert "loops" in config_exc.value.errors["agent"] and "is not in" not in config_exc.value.errors["agent"]
    with pytest.raises(ConfigError) as config_exc:
        check_project_config(haiku_config(root, files="loop"))
    assert "loops" in config_exc.value.errors["files"]


# ---- cards: each agent on its own, a hang named ----------------------------------------------------------------

SLOW_AGENT = """
import pathlib, time
pathlib.Path(__file__).with_name("started").write_text("x")
time.sleep(3600)
"""


def _hanging_project(tmp_path: Path) -> Path:
    root = agent_project(
        tmp_path / "p",
        extra_toml='[agents.slow]\nfactory = "pkg.slow_agent:make_agent"\n',
        **{"pkg/slow_agent.py": "from pkg import slow\n", "pkg/slow.py": SLOW_AGENT},
    )
    return root


def test_a_module_that_hangs_at_import_is_named_and_blames_only_its_agent(tmp_path: Path) -> None:
    """One module hanging at import made every card say 'took longer than 60 s', naming no module."""
    import threading
    import time

    from rubric_core.projects.describe import describe_agent
    from tests.core.helpers import PROCESS_TIMEOUT_S

    root = _hanging_project(tmp_path)
    give_up = threading.Event()
    found: dict[str, object] = {}
    slow = threading.Thread(target=lambda: found.update(describe_agent(root, "slow", give_up=give_up)))
    slow.start()
    healthy = describe_agent(root, "main")  # built while the other one hangs
    assert "error" not in healthy and healthy["tools"][0]["name"] == "shout"
    deadline = time.monotonic() + PROCESS_TIMEOUT_S
    while not (root / "pkg" / "started").exists():  # the child is inside the hanging import
        assert time.monotonic() < deadline and slow.is_alive()
        time.sleep(0.05)
    give_up.set()
    slow.join(PROCESS_TIMEOUT_S)
    message = str(found["error"])
    assert "Importing module 'pkg.slow'" in message and str(root / "pkg" / "slow.py") in message
    assert "did not finish" in message and "agent 'slow'" in message


def test_a_hung_factory_is_named() -> None:
    from rubric_core.projects.describe import _hung

    steps = [
        {"step": "import", "module": "pkg.agent", "file": "/p/pkg/agent.py"},
        {"step": "imported", "module": "pkg.agent"},
        {"step": "factory", "factory": "pkg.agent:make_agent"},
    ]
    assert "The factory pkg.agent:make_agent (agent 'a') did not return within 60 s" in _hung("agent 'a'", steps, 60)


def test_the_scan_of_imported_modules_survives_an_import_during_its_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Copying sys.modules' items raised "dictionary changed size during iteration" when another thread imported
    meanwhile, and the project run failed (a Dask worker running two at once): the copy is taken again."""
    import sys
    from types import SimpleNamespace

    from rubric_core.projects import imports

    class ChangedOnce(dict):
        copies = 0

        def items(self):  # type: ignore[override]
            ChangedOnce.copies += 1
            if ChangedOnce.copies == 1:
                raise RuntimeError("dictionary changed size during iteration")
            return super().items()

    modules = ChangedOnce(sys.modules)
    monkeypatch.setattr(imports, "sys", SimpleNamespace(modules=modules))
    assert dict(imports._modules_now()) == dict(modules) and ChangedOnce.copies == 2
