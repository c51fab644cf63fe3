cd progs && sed "/^events:/a event: Cyc = Ir + 10 I1mr + 100 ILmr : Estimated cycles" hot.out > cyc.out && cgannotate --show=Cyc,Ir,I1mr,ILmr --sort=Cyc --auto=no cyc.out
