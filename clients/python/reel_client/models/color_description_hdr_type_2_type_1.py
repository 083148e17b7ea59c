from enum import StrEnum


class ColorDescriptionHdrType2Type1(StrEnum):
    HLG = "hlg"
    PQ = "pq"

    def __str__(self) -> str:
        return str(self.value)
