from enum import StrEnum


class ListJobsInclude(StrEnum):
    SPEC = "spec"

    def __str__(self) -> str:
        return str(self.value)
