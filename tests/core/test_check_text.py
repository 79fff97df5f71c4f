"""Issue 40 item 3: a check's label is said once ("topic words: topic words …" stuttered on the Run page)."""

from __future__ import annotations

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.store import Store
from rubric_core.verdicts import check_text


def test_a_found_text_that_names_its_check_is_not_prefixed_with_the_label_again() -> None:
    topic = {"kind": "topic", "label": "topic words", "found": 'topic words "rain" in 3 of 3 lines', "looked_for": "x"}
    assert check_text(topic) == 'topic words "rain" in 3 of 3 lines (looked for x)'
    assert check_text(topic, brief=True) == 'topic words "rain" in 3 of 3 lines'
    plain = {"kind": "word_count", "label": "word count", "found": "138 words", "looked_for": "at most 120 words"}
    assert check_text(plain) == "word count: 138 words (looked for at most 120 words)"


def test_no_check_the_offline_grader_gives_says_its_label_twice(store: Store, engine: Engine) -> None:
    rubric = "- Is about the rain\n- Ends with a question\n- Includes sensory details\n- At most 60 words\n"
    config = RunConfig.from_dict({"task": "Write four lines about rain in the city.", "rubric": rubric})
    run_id = engine.execute(config, subscribers=[store.record]).run_id
    said = [check_text(c["check"]) for c in store.criteria([run_id])]
    assert said
    for text in said:
        label, _, rest = text.partition(": ")
        assert not rest.casefold().startswith(label.casefold()), text
