"""The rules of The Isle of Cats as plain, typed Python: no UI imports here."""
