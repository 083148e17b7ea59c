from enum import IntEnum


class AudioSettingsChannels(IntEnum):
    VALUE_1 = 1
    VALUE_2 = 2
    VALUE_6 = 6

    def __str__(self) -> str:
        return str(self.value)
