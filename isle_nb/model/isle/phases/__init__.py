"""The phases of a day of The Isle of Cats, one module each: the day itself (fishing, the fields, the end of the day),
explore, read lessons, rescue cats, rare finds; and the solo (the sister) and family games' own steps."""
