from enum import StrEnum


class ColorDescriptionHdrType3Type1(StrEnum):
    HLG = "hlg"
    PQ = "pq"

    def __str__(self) -> str:
        return str(self.value)
