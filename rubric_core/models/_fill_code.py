"""placeholder during the rewrite"""

from rubric_core.models._doc import Doc
from rubric_core.models._read import Facts


def code_files(facts: Facts, doc: Doc) -> tuple[str, str]:
    return "", ""
