from enum import StrEnum


class ColorDescriptionHdrType1(StrEnum):
    HLG = "hlg"
    PQ = "pq"

    def __str__(self) -> str:
        return str(self.value)
