from enum import StrEnum


class NewKeyScope(StrEnum):
    FULL = "full"
    READ = "read"

    def __str__(self) -> str:
        return str(self.value)
