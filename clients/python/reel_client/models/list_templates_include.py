from enum import StrEnum


class ListTemplatesInclude(StrEnum):
    SPEC = "spec"

    def __str__(self) -> str:
        return str(self.value)
