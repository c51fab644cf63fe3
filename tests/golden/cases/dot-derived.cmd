cd progs && sed "/^events:/a event: Cyc = Ir + 10 I1mr + 100 ILmr : Estimated cycles" hot.out > cyc.out && cgannotate --format=dot --show=Cyc,Ir cyc.out
