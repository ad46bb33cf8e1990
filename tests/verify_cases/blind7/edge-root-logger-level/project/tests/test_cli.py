from cli import train_main

def test_main():
    assert train_main().tolist() == [0.125, 0.125]
