# project root marker: puts the project on sys.path for the tests
