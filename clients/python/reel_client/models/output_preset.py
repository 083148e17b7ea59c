from enum import StrEnum


class OutputPreset(StrEnum):
    HIGHEST = "highest"
    PASSTHROUGH = "passthrough"
    VALUE_2 = "640x480"
    VALUE_3 = "960x540"
    VALUE_4 = "1280x720"
    VALUE_5 = "1920x1080"
    VALUE_6 = "3840x2160"

    def __str__(self) -> str:
        return str(self.value)
