from enum import StrEnum


class OutputDestinationsItemType(StrEnum):
    S3 = "s3"

    def __str__(self) -> str:
        return str(self.value)
