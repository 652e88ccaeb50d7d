"""The phases of a day, one module each: the day itself, explore, read lessons, rescue cats, rare finds."""
