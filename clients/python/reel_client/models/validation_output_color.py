from enum import StrEnum


class ValidationOutputColor(StrEnum):
    AUTO = "auto"
    HDR10 = "hdr10"
    HLG = "hlg"
    SDR = "sdr"

    def __str__(self) -> str:
        return str(self.value)
